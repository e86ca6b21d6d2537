import type { Transporter } from 'nodemailer';
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
  if (!config.SMTP_URL && !config.SMTP_HOST) return null;
  // nodemailer is loaded with the first mail, not at start: most servers send none for days.
  let transport: Promise<Transporter> | null = null;
  const open = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import('nodemailer');
    return config.SMTP_URL
      ? nodemailer.createTransport(config.SMTP_URL)
      : nodemailer.createTransport({
          host: config.SMTP_HOST,
          port: config.SMTP_PORT,
          secure: config.SMTP_PORT === 465,
          auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } : undefined,
        });
  };
  return {
    async send(mail) {
      transport ??= open();
      await (await transport).sendMail({ from: config.SMTP_FROM, ...mail });
    },
  };
}
