// Runs the built CLI in this process and, as it exits, writes this process's own resource usage (peak RSS, CPU time; not its children's) as JSON to argv[2].
// Usage: node scripts/bench/measure-linter.mjs <usage-file> <cli args...>   (the test/helpers/measure.mjs approach, plus CPU)
//
// It also notes the CPU time already spent when the linter first spawns a process (its server): node's start-up and
// the linter's imports, a fixed cost that the benchmark can tell apart from the cost per exchange.
import childProcess from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const [usageFile, ...args] = process.argv.slice(2);
let beforeFirstSpawnUs;
const spawn = childProcess.spawn;
childProcess.spawn = function spawnNoted(...spawnArgs) {
  if (beforeFirstSpawnUs === undefined) {
    const cpu = process.cpuUsage();
    beforeFirstSpawnUs = cpu.user + cpu.system;
  }
  return spawn.apply(this, spawnArgs);
};
syncBuiltinESMExports(); // so `import { spawn } from 'node:child_process'` in the linter gets the noting one
process.argv = [process.argv[0], new URL('../../bin/mcp-errlint.js', import.meta.url).pathname, ...args];
process.on('exit', () => {
  const usage = process.resourceUsage(); // RUSAGE_SELF: the linter alone, never the server it spawned
  writeFileSync(usageFile, JSON.stringify({ maxRssKB: usage.maxRSS, userUs: usage.userCPUTime, systemUs: usage.systemCPUTime, beforeFirstSpawnUs }));
});
await import('../../bin/mcp-errlint.js');
