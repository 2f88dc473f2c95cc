// Setup file of both projects: after each test file, the temp folders it made (test/helpers/temp.ts) are removed, passed or failed.
import { afterAll } from 'vitest';
import { removeTempDirs } from './temp.js';

afterAll(removeTempDirs);
