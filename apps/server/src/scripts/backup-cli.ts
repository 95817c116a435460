import path from 'node:path';
import { loadConfig } from '../config.js';
import { backup, restore } from './backup.js';

/**
 *   npm run backup [-- <folder>]     default: <DATA_DIR>/../backups/rally-<time>
 *   npm run restore -- <folder>      with every Rally process stopped
 */
/** npm runs workspace scripts in the workspace; a folder named on the command line is the caller's. */
const fromCaller = (folder: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), folder);

async function main(): Promise<void> {
  const [command, folder] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const dir = folder ? fromCaller(folder) : path.join(config.DATA_DIR, '..', 'backups', `rally-${stamp}`);
    const manifest = await backup({ config, dir });
    console.log(`backed up the ${manifest.database} database and uploaded files to ${dir}`);
  } else if (command === 'restore' && folder) {
    const dir = fromCaller(folder);
    const manifest = await restore({ config, dir });
    console.log(`restored the ${manifest.database} database and uploaded files of ${manifest.created_at} from ${dir}`);
  } else {
    console.error('usage: backup-cli.ts backup [folder] | restore <folder>');
    process.exit(2);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
