import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { syncFolder, writeFileDurably, writeNewFileDurably } from '../../src/server/uploads/durable-write';

const dir = mkdtempSync(join(tmpdir(), 'harambee-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('uploads written durably', () => {
  it('writes a new file whole, and never over a file already there (which keeps its bytes)', async () => {
    const path = join(dir, 'a.webp');
    await writeFileDurably(path, new Uint8Array([1, 2, 3]));
    expect([...readFileSync(path)]).toEqual([1, 2, 3]);
    await expect(writeNewFileDurably(path, new Uint8Array([9]))).rejects.toMatchObject({ code: 'EEXIST' });
    expect([...readFileSync(path)]).toEqual([1, 2, 3]);
  });

  it('a folder that cannot be opened is no error (the file itself was flushed)', async () => {
    await expect(syncFolder(join(dir, 'missing'))).resolves.toBeUndefined();
    writeFileSync(join(dir, 'plain'), 'x');
    await expect(syncFolder(dir)).resolves.toBeUndefined();
  });
});
