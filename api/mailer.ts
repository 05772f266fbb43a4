/**
 * Outgoing e-mail to the support mailbox, through SMTP when SMTP_URL is configured (nodemailer).
 * Without it, submissions are only stored; operators read them with `npm run ops -- messages`.
 */
import nodemailer from 'nodemailer';
import { SUPPORT } from '../shared/constants';
import { type Config } from './config';
import { type Logger } from './logger';

export interface SupportMail {
  subject: string;
  text: string;
  replyTo: string;
}

export interface Mailer {
  /** Resolves true when the server accepted the message; failures are logged, never thrown. */
  sendToSupport(mail: SupportMail): Promise<boolean>;
}

export function createMailer(config: Config, logger: Logger): Mailer | undefined {
  if (!config.smtpUrl) return undefined;
  const transport = nodemailer.createTransport(config.smtpUrl);
  const to = config.supportEmail ?? SUPPORT.email;
  return {
    async sendToSupport(mail) {
      try {
        await transport.sendMail({ from: to, to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text });
        return true;
      } catch (error) {
        logger.warn({ err: error, subject: mail.subject }, 'sending to the support mailbox failed');
        return false;
      }
    },
  };
}
