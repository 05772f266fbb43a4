/**
 * Secrets that must survive restarts but need no operator: generated once into DATA_DIR
 * (mode 0600) unless the environment provides them (SESSION_KEYS, DATA_ENCRYPTION_KEY).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type Config } from './config';

const storedSecretsSchema = z.object({
  sessionKeys: z.array(z.string().min(32)).min(1),
  dataEncryptionKey: z.string().regex(/^[0-9a-f]{64}$/),
});

export type Secrets = z.infer<typeof storedSecretsSchema>;

function generate(): Secrets {
  return {
    sessionKeys: [randomBytes(32).toString('base64url')],
    dataEncryptionKey: randomBytes(32).toString('hex'),
  };
}

function readOrCreate(file: string): Secrets {
  try {
    return storedSecretsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${file} is unreadable or corrupt (${(error as Error).message}); restore it or delete it to generate new secrets`);
    }
  }
  const secrets = generate();
  mkdirSync(path.dirname(file), { recursive: true });
  // 'wx' never overwrites: two processes starting at once keep the first one's secrets.
  try {
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreate(file);
    throw error;
  }
  return secrets;
}

export function loadSecrets(config: Config): Secrets {
  const needsFile = !config.sessionKeys?.length || !config.dataEncryptionKey;
  const stored = needsFile ? readOrCreate(path.join(config.dataDir, 'secrets.json')) : undefined;
  return {
    sessionKeys: config.sessionKeys?.length ? config.sessionKeys : stored!.sessionKeys,
    dataEncryptionKey: config.dataEncryptionKey ?? stored!.dataEncryptionKey,
  };
}
