/**
 * Preloaded into a server under load (`node --import loop-probe.mjs server.js`) to measure its
 * event-loop delay from inside, without changing the server. The bench asks over the IPC channel;
 * each answer covers the time since the previous question, so one question before and one after a
 * load run give that run's delay.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();

const ms = (nanoseconds) => nanoseconds / 1e6;

process.on('message', (message) => {
  if (message !== 'loop-delay') return;
  process.send?.({
    loopDelay: {
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      mean: ms(histogram.mean),
    },
  });
  histogram.reset();
});
// the channel must not keep a server alive that is otherwise shutting down
process.channel?.unref();
