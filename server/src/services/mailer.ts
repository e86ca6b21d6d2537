import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Outgoing mail through SMTP (nodemailer), or null when the environment names no SMTP server. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * The mailer of the configuration: SMTP_URL (smtp:// or smtps://, credentials in the URL), else
 * SMTP_HOST with SMTP_PORT (465 is TLS from the start, others upgrade with STARTTLS) and
 * SMTP_USER / SMTP_PASSWORD. Null when neither is set.
 */
export function createMailer(config: Config): Mailer | null {
  const transport = config.SMTP_URL
    ? nodemailer.createTransport(config.SMTP_URL)
    : config.SMTP_HOST
      ? nodemailer.createTransport({
          host: config.SMTP_HOST,
          port: config.SMTP_PORT,
          secure: config.SMTP_PORT === 465,
          auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } : undefined,
        })
      : null;
  if (!transport) return null;
  return {
    async send(mail) {
      await transport.sendMail({ from: config.SMTP_FROM, ...mail });
    },
  };
}
