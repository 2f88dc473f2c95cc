// The frameworks the causes stage knows, in the order it consults them: a framework built on another comes before it,
// so that its own mechanism explains a finding before the one underneath does (fastmcp before the SDK it runs on).
import type { Framework } from '../cause.js';
import { express } from './express.js';
import { fastmcpPython } from './fastmcp-python.js';
import { fastmcpTypescript } from './fastmcp-typescript.js';
import { mcpPythonSdk } from './mcp-python-sdk.js';
import { mcpTypescriptSdk } from './mcp-typescript-sdk.js';

export const FRAMEWORKS: readonly Framework[] = [fastmcpTypescript, mcpTypescriptSdk, fastmcpPython, mcpPythonSdk, express];
