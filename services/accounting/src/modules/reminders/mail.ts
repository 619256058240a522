import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

/**
 * The mail server reminders go through, from the environment: SMTP_HOST
 * (none: letters are downloaded, nothing is emailed), SMTP_PORT (587),
 * SMTP_SECURE ('true' for implicit TLS, port 465), SMTP_USER / SMTP_PASS,
 * SMTP_FROM (the sender). Read at each use: a server configured later applies
 * without a restart of the tests' service.
 */
export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): { send: (mail: Mail) => Promise<void> } | null {
  if (!env.SMTP_HOST) return null;
  const transport = nodemailer.createTransport({
    host: env.SMTP_HOST,
    port: env.SMTP_PORT ? Number(env.SMTP_PORT) : 587,
    secure: env.SMTP_SECURE === 'true',
    auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: env.SMTP_FROM ? env.SMTP_FROM : `Xaalis <no-reply@${env.SMTP_HOST}>`, ...mail });
      transport.close();
    },
  };
}
