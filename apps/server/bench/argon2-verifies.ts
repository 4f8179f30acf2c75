/**
 * The ceiling for sign-ins: raw argon2id verifies per second, in a process of its own, at the given
 * concurrency, of a hash made with the portal's parameters. Prints one JSON line.
 * Usage: argon2-verifies.js <hash> <password> <concurrency> <warm-up s> <seconds>
 */
import { performance } from 'node:perf_hooks';
import { verify } from '@node-rs/argon2';

const [hash, password, concurrencyArg, warmupArg, secondsArg] = process.argv.slice(2);
const concurrency = Number(concurrencyArg);

async function verifyFor(seconds: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        if (!(await verify(hash!, password!))) throw new Error('the hash does not verify its password');
        done++;
      }
    }),
  );
  return done;
}

await verifyFor(Number(warmupArg));
const started = performance.now();
const cpu = process.cpuUsage();
const verifies = await verifyFor(Number(secondsArg));
const elapsed = (performance.now() - started) / 1000;
// the whole process's CPU, the pool's threads included
const used = process.cpuUsage(cpu);
const cpuSeconds = (used.user + used.system) / 1e6;
process.stdout.write(`${JSON.stringify({ perSecond: verifies / elapsed, perCpuSecond: verifies / cpuSeconds })}\n`);
