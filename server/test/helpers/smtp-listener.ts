import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  to: string[];
  from: string;
  /** The message's text, quoted-printable decoded. */
  text: string;
}

export interface SmtpListener {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** Waits for a mail to this address (polling; no deadline of its own: the test's timeout is the limit). */
  mailTo(address: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A real SMTP server on loopback (smtp-server) that keeps every mail it is given. */
export async function startSmtpListener(): Promise<SmtpListener> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          text: /quoted-printable/i.test(raw) ? decodeQuotedPrintable(body) : body,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async mailTo(address) {
      for (;;) {
        const mail = mails.find((m) => m.to.includes(address));
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
