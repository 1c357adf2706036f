// Starts the built server once (free port, own data folder) with a local Resend double, for
// every browser test. Tests read the double's mail at RESEND_DOUBLE_URL/_test/emails.
import { startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';

export default async function globalSetup() {
  const resend = await startResendDouble();
  const server = await startServer({
    env: {
      LOG_LEVEL: 'warn',
      RESEND_API_KEY: 're_e2e',
      RESEND_BASE_URL: resend.url,
      TRUST_PROXY: 'true',
    },
  });
  process.env.BASE_URL = server.url;
  process.env.RESEND_DOUBLE_URL = resend.url;
  return async () => {
    await server.stop();
    await resend.close();
  };
}
