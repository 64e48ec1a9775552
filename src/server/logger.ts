export type LogLevel = 'silent' | 'error' | 'info' | 'debug';
export type Logger = {
  info(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  debug(msg: string, fields?: Record<string, unknown>): void;
  /** Whether lines of this level are written (so callers can skip building them). */
  enabled(level: Exclude<LogLevel, 'silent'>): boolean;
};

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, info: 2, debug: 3 };

/**
 * One JSON object a line on stdout. Callers pass only what is safe to keep:
 * never passwords, tokens, cookies or query strings.
 */
export function createLogger(level: LogLevel, write: (line: string) => void = (l) => process.stdout.write(l + '\n')): Logger {
  const emit = (lvl: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>) => {
    if (RANK[lvl] > RANK[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }));
  };
  return {
    info: (m, f) => emit('info', m, f),
    error: (m, f) => emit('error', m, f),
    debug: (m, f) => emit('debug', m, f),
    enabled: (lvl) => RANK[lvl] <= RANK[level],
  };
}
