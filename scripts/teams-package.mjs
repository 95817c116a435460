// The Microsoft Teams app package (README, "Rally in Microsoft Teams"): the manifest template of
// apps/web/teams filled with the app's public URL, checked against the manifest schema that
// @microsoft/app-manifest ships (no network), zipped with its two icons.
//
//   PUBLIC_URL=https://rally.example.com npm run teams:package
//   npm run teams:package -- --url https://rally.example.com [--out dir] [--allow-http]
//
// Optional: TEAMS_DEVELOPER_NAME (default Rally), TEAMS_PRIVACY_URL and TEAMS_TERMS_URL (default
// the public URL), all required by the manifest's developer block.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { strToU8, zipSync } from 'fflate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEMPLATE_DIR = path.join(root, 'apps/web/teams');
export const DEFAULT_OUT_DIR = path.join(root, 'dist/teams');
export const PACKAGE_NAME = 'rally-teams-app.zip';
const ICONS = ['color.png', 'outline.png'];

/** The manifest template, placeholders and all. */
export function readTemplate() {
  return JSON.parse(readFileSync(path.join(TEMPLATE_DIR, 'manifest.json'), 'utf8'));
}

/** The JSON schema of a manifest version, from @microsoft/app-manifest's copy (draft-04). */
export function schemaFor(manifestVersion) {
  const pkg = path.dirname(createRequire(import.meta.url).resolve('@microsoft/app-manifest/package.json'));
  const file = path.join(pkg, 'build/json-schemas/teams', `v${manifestVersion}`, 'MicrosoftTeams.schema.json');
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The app's public URL, without a trailing slash. Teams loads tabs over https only; http passes
 * with `allowHttp` alone, for a trial against a local host page.
 */
export function publicUrlOf(raw, { allowHttp = false } = {}) {
  if (!raw) throw new Error('PUBLIC_URL is not set: give the https address of this Rally (PUBLIC_URL=… or --url …).');
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL is not a URL: ${raw}`);
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:'))
    throw new Error(
      `PUBLIC_URL must be https (Teams loads tabs over https only): ${raw}. For a local trial only: --allow-http.`,
    );
  if (url.search || url.hash || url.username || url.password)
    throw new Error(`PUBLIC_URL must have no query, fragment or credentials: ${raw}`);
  return { url: `${url.origin}${url.pathname.replace(/\/+$/, '')}`, host: url.host };
}

/** The template with every {{NAME}} replaced; a placeholder without a value is an error. */
export function fillManifest(template, values) {
  const fill = (value) => {
    if (typeof value === 'string')
      return value.replace(/\{\{(\w+)\}\}/g, (_, name) => {
        if (values[name] === undefined) throw new Error(`No value for {{${name}}} in the manifest template`);
        return values[name];
      });
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    return value;
  };
  return fill(template);
}

/**
 * The placeholder values for a public URL and the optional TEAMS_* settings. The URL's scheme is
 * checked by the caller (buildPackage); here it is only normalised.
 */
export function manifestValues(publicUrl, env = {}) {
  const { url, host } = publicUrlOf(publicUrl, { allowHttp: true });
  return {
    PUBLIC_URL: url,
    PUBLIC_HOST: host,
    DEVELOPER_NAME: env.TEAMS_DEVELOPER_NAME || 'Rally',
    PRIVACY_URL: env.TEAMS_PRIVACY_URL || url,
    TERMS_URL: env.TEAMS_TERMS_URL || url,
  };
}

/** The schema's errors for a manifest, one line each (`/path message`); none when it is valid. */
export function validateManifest(manifest) {
  // strictTypes off: Microsoft's schema leaves out `type` beside some keywords, as the package's own validator allows.
  const ajv = new Ajv({ allErrors: true, strictTypes: false });
  addFormats(ajv);
  const validate = ajv.compile(schemaFor(manifest.manifestVersion ?? readTemplate().manifestVersion));
  if (validate(manifest)) return [];
  return (validate.errors ?? []).map(
    (e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
  );
}

/** The package's files: the filled manifest and the icons, at the zip's root. */
export function zipPackage(manifest) {
  const files = { 'manifest.json': strToU8(`${JSON.stringify(manifest, null, 2)}\n`) };
  for (const icon of ICONS) files[icon] = readFileSync(path.join(TEMPLATE_DIR, icon));
  // A fixed date: the same URL gives the same bytes.
  return zipSync(files, { level: 9, mtime: new Date('2024-01-01T00:00:00Z') });
}

/** Fills, validates and writes the package; returns its path. Throws with the schema's errors. */
export function buildPackage({ publicUrl, allowHttp = false, outDir = DEFAULT_OUT_DIR, env = {} }) {
  const manifest = fillManifest(readTemplate(), manifestValues(publicUrlOf(publicUrl, { allowHttp }).url, env));
  const errors = validateManifest(manifest);
  if (errors.length > 0)
    throw new Error(`The manifest does not match its schema (v${manifest.manifestVersion}):\n  ${errors.join('\n  ')}`);
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, PACKAGE_NAME);
  writeFileSync(file, zipPackage(manifest));
  return file;
}

/** `--url u --out d --allow-http`; the URL defaults to PUBLIC_URL. */
function parseArgs(argv, env) {
  const options = { publicUrl: env.PUBLIC_URL, allowHttp: false, outDir: DEFAULT_OUT_DIR, env };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--allow-http') options.allowHttp = true;
    else if (arg === '--url' || arg === '--out') {
      const value = argv[++i];
      if (!value) throw new Error(`${arg} needs a value`);
      if (arg === '--url') options.publicUrl = value;
      else options.outDir = path.resolve(value);
    } else throw new Error(`Unknown option ${arg} (known: --url <https URL>, --out <dir>, --allow-http)`);
  }
  return options;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const file = buildPackage(parseArgs(process.argv.slice(2), process.env));
    console.log(`Teams app package written to ${file}`);
    console.log(
      'Upload it in the Teams admin center (Manage apps > Upload) or in Teams (Apps > Manage your apps > Upload an app).',
    );
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}
