/**
 * The VAPID key pair that identifies this server to browsers' push services: from `VAPID_*` when
 * set (several processes of one deployment must share it), else generated once into
 * `DATA_DIR/vapid.json` (mode 0600, never overwritten: a new pair would orphan every subscription).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { type Config } from '../config';

const vapidSchema = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A contact for push services: mailto: or https:. */
  subject: string;
}

function readOrCreate(file: string): z.infer<typeof vapidSchema> {
  try {
    return vapidSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${file} is unreadable or corrupt (${(error as Error).message}); restore it or delete it to generate a new pair`);
    }
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreate(file);
    throw error;
  }
  return keys;
}

export function loadVapidKeys(config: Config): VapidKeys {
  // Push services want a way to reach the sender: an https origin, or a mailbox.
  const fallback = config.publicUrl.startsWith('https://') ? config.publicUrl : `mailto:support@${new URL(config.publicUrl).hostname}`;
  const subject = config.vapidSubject ?? (config.supportEmail ? `mailto:${config.supportEmail}` : fallback);
  if (config.vapidPublicKey && config.vapidPrivateKey) return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey, subject };
  return { ...readOrCreate(path.join(config.dataDir, 'vapid.json')), subject };
}
