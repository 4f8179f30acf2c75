import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import fp from 'fastify-plugin';
import type { DestinationStream } from 'pino';
import { loggableUrl } from './logger.ts';

/**
 * The development log: one short line per request instead of Fastify's two JSON records, so that what
 * a developer looks for (the development outbox's codes, a warning, an error) stands out. Production
 * keeps the JSON records, which its log collectors read.
 */

/** What the single line of a request says; `code` is the envelope's, when it is not 0. */
interface RequestLine {
  method: string;
  url: string;
  status: number;
  ms: number;
  code?: number;
}

/** The envelope (`{"code":…,"msg":…,"data":…}`) as the portal serialises it: its code comes first. */
const ENVELOPE_CODE = /^\{"code":(-?\d+)[,}]/;

const envelopeCodes = new WeakMap<FastifyReply, number>();

/** Notes the envelope's code of each answer, for its request's line. */
export const envelopeCodePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      const code = typeof payload === 'string' ? ENVELOPE_CODE.exec(payload)?.[1] : undefined;
      if (code !== undefined) envelopeCodes.set(reply, Number(code));
      return payload;
    });
  },
  { name: 'envelope-code' },
);

/**
 * Fastify's request records, one per request: nothing when it arrives, a `request` record (RequestLine)
 * when it is answered, at `error` level when the answer failed. Fastify's other records are kept.
 */
export class DevLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const code = envelopeCodes.get(reply);
    const line: RequestLine = {
      method: request.method,
      url: loggableUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      ...(code ? { code } : {}),
    };
    if (error) reply.log.error({ request: line, err: error }, 'request');
    else reply.log.info({ request: line }, 'request');
  }
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** Fields of every record; a line on a developer's terminal leaves out the process, host and request id. */
type LogRecord = { level: number; time: number; msg?: string; pid?: number; hostname?: string; reqId?: string };

function clock(time: number): string {
  return new Date(time).toTimeString().slice(0, 8);
}

/** One record as a line: `12:00:01 POST /api/… 200 12 ms code 1009117`, or the time, level, message and rest. */
export function formatDevLine(json: string): string {
  let record: LogRecord & Record<string, unknown>;
  try {
    record = JSON.parse(json) as LogRecord & Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const { level, time, msg, pid: _pid, hostname: _hostname, reqId: _reqId, request, err, ...rest } = record;
  const label = level === 30 ? '' : `${LEVELS[level] ?? level} `;
  const stack = err && typeof err === 'object' && 'stack' in err ? `\n${String(err.stack)}` : '';
  if (request && typeof request === 'object') {
    const r = request as RequestLine;
    const code = r.code ? ` code ${r.code}` : '';
    return `${clock(time)} ${label}${r.method} ${r.url} ${r.status} ${r.ms} ms${code}${stack}\n`;
  }
  const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
  return `${clock(time)} ${label}${msg ?? ''}${extra}${stack}\n`;
}

/** A pino destination writing each record as its development line. */
export function devLogStream(out: { write(text: string): unknown } = process.stdout): DestinationStream {
  return { write: (json: string) => void out.write(formatDevLine(json)) };
}
