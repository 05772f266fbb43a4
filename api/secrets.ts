/**
 * Secrets that must survive restarts but need no operator: generated once into DATA_DIR
 * (mode 0600) unless the environment provides them (SESSION_KEYS, DATA_ENCRYPTION_KEY).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { type Config } from './config';
import { readOrCreateJson } from './generatedFile';

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

export function loadSecrets(config: Config): Secrets {
  const needsFile = !config.sessionKeys?.length || !config.dataEncryptionKey;
  const stored = needsFile ? readOrCreateJson(path.join(config.dataDir, 'secrets.json'), storedSecretsSchema, generate, 'new secrets') : undefined;
  return {
    sessionKeys: config.sessionKeys?.length ? config.sessionKeys : stored!.sessionKeys,
    dataEncryptionKey: config.dataEncryptionKey ?? stored!.dataEncryptionKey,
  };
}
