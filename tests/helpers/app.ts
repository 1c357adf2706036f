// The built server with the Resend double as its e-mail provider, as most integration tests use
// it: `const app = serverWithMail()` at the top of a file, then `beforeAll(app.start)` and
// `afterAll(app.stop)` in its describe().
import { startServer } from './server.mjs';
import { startResendDouble } from './resend-double.mjs';

type Server = Awaited<ReturnType<typeof startServer>>;
type Double = Awaited<ReturnType<typeof startResendDouble>>;

export function serverWithMail(env: Record<string, string> = {}) {
  let server: Server | undefined;
  let resend: Double | undefined;
  return {
    get server(): Server {
      if (!server) throw new Error('the server is not started: call app.start in beforeAll');
      return server;
    },
    get resend(): Double {
      if (!resend) throw new Error('the e-mail double is not started: call app.start in beforeAll');
      return resend;
    },
    async start() {
      resend = await startResendDouble();
      server = await startServer({
        env: { RESEND_API_KEY: 're_test', RESEND_BASE_URL: resend.url, TRUST_PROXY: 'true', ...env },
      });
    },
    async stop() {
      await server?.stop();
      await resend?.close();
    },
  };
}
