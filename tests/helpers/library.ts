// The public library's server for integration tests: the built server on PGlite, or on a fresh
// PostgreSQL database, with PUBLIC_URL set and an author's account.
import { startServer } from './server.mjs';
import { linkIn, startResendDouble } from './resend-double.mjs';
import { Client, strongPassword, uniqueEmail } from './client.ts';
import { createDatabaseOnServer, type Kind } from './database.ts';

export const PUBLIC_URL = 'https://learn.example.com';

export function libraryServer(kind: Kind, env: Record<string, string> = {}) {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let resend: Awaited<ReturnType<typeof startResendDouble>> | undefined;
  let database: Awaited<ReturnType<typeof createDatabaseOnServer>> | undefined;
  const authorEmail = uniqueEmail('author');
  const app = {
    get url(): string {
      if (!server) throw new Error('call start in beforeAll');
      return server.url;
    },
    /** The PostgreSQL database's URL (none on PGlite). */
    get databaseUrl(): string | undefined {
      return database?.url;
    },
    get resend() {
      if (!resend) throw new Error('call start in beforeAll');
      return resend;
    },
    async start() {
      resend = await startResendDouble();
      database = kind === 'postgres' ? await createDatabaseOnServer() : undefined;
      server = await startServer({
        env: {
          RESEND_API_KEY: 're_test',
          RESEND_BASE_URL: resend.url,
          TRUST_PROXY: 'true',
          PUBLIC_URL,
          ADMIN_EMAILS: authorEmail,
          ...(database ? { DATABASE_URL: database.url } : {}),
          ...env,
        },
      });
      Client.origins.set(server.url, PUBLIC_URL);
    },
    async stop() {
      await server?.stop();
      await resend?.close();
      await database?.drop();
    },
    /** A verified account by the real sign-up and e-mail link (an author with `author`). */
    async account(author = false): Promise<Client> {
      const email = author ? authorEmail : uniqueEmail();
      const client = new Client(app.url);
      await client.post('/api/signup', {
        email,
        password: strongPassword(),
        firstName: 'Robin',
        lastName: 'Reader',
        phoneNumber: '+15551234567',
      });
      const mail = await app.resend.waitFor((m: { to: string[] }) => m.to.includes(email));
      await client.post('/api/verify-email', { token: linkIn(mail, '/verify-email?token=').searchParams.get('token') });
      return client;
    },
  };
  return app;
}

/** The JSON-LD objects of a page, parsed. */
export function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

/** The content of the first <meta> whose property or name is `key`. */
export function metaOf(html: string, key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`));
  return tag?.[1];
}
