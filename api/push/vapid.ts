/**
 * The VAPID key pair that identifies this server to browsers' push services: from `VAPID_*` when
 * set (several processes of one deployment must share it), else generated once into
 * `DATA_DIR/vapid.json` (mode 0600, never overwritten: a new pair would orphan every subscription).
 */
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { type Config } from '../config';
import { readOrCreateJson } from '../generatedFile';

const vapidSchema = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A contact for push services: mailto: or https:. */
  subject: string;
}

export function loadVapidKeys(config: Config): VapidKeys {
  // Push services want a way to reach the sender: an https origin, or a mailbox.
  const fallback = config.publicUrl.startsWith('https://') ? config.publicUrl : `mailto:support@${new URL(config.publicUrl).hostname}`;
  const subject = config.vapidSubject ?? (config.supportEmail ? `mailto:${config.supportEmail}` : fallback);
  if (config.vapidPublicKey && config.vapidPrivateKey) return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey, subject };
  return { ...readOrCreateJson(path.join(config.dataDir, 'vapid.json'), vapidSchema, () => webpush.generateVAPIDKeys(), 'a new pair'), subject };
}
