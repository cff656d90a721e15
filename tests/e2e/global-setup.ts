import fs from 'node:fs';
import path from 'node:path';
import { createE2eTemplate, databaseSource, removeE2eTemplate } from '../support/e2e-databases';
import { startTestServer } from '../support/e2e-server';
import { captureSignedInStates } from '../support/e2e-sign-in';

/**
 * One migrated, seeded template for the run (each test starts from its own copy) and the demo users'
 * signed-in states, made once on a scratch copy. The web app must be built (dist/ or WEB_DIST_DIR).
 */
export default async function globalSetup() {
  const webDist = process.env.WEB_DIST_DIR ?? 'dist';
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error(`Build the web app first: npx vite build (looked in ${webDist})`);
  const template = await createE2eTemplate();
  try {
    const databases = databaseSource(template, 'setup');
    const scratch = await databases.take();
    const server = await startTestServer();
    try {
      server.attach(scratch);
      await captureSignedInStates(server.url, scratch.db);
      await server.detach();
    } finally {
      await server.close();
      await scratch.close();
      await databases.close();
    }
  } catch (err) {
    await removeE2eTemplate(template);
    throw err;
  }
  return () => removeE2eTemplate(template);
}
