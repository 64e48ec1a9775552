// `npm run dev`: the API server restarts on change (port 3001) and Vite serves the client with hot reload on 3000.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'src/server/index.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', APP_URL: 'http://localhost:3000', ...process.env, PORT: apiPort },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; }));
