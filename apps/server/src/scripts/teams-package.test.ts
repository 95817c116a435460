import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

type Manifest = Record<string, unknown> & { manifestVersion?: string };

/** What scripts/teams-package.mjs exports (plain JavaScript, run by node without a build). */
interface TeamsPackage {
  TEMPLATE_DIR: string;
  readTemplate: () => Manifest;
  publicUrlOf: (raw: string | undefined, options?: { allowHttp?: boolean }) => { url: string; host: string };
  fillManifest: (template: Manifest, values: Record<string, string>) => Manifest;
  manifestValues: (publicUrl: string, env?: Record<string, string>) => Record<string, string>;
  validateManifest: (manifest: Manifest) => string[];
  buildPackage: (options: { publicUrl: string; allowHttp?: boolean; outDir?: string }) => string;
}

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../../../../scripts/teams-package.mjs');
const { TEMPLATE_DIR, buildPackage, fillManifest, manifestValues, publicUrlOf, readTemplate, validateManifest } =
  (await import(pathToFileURL(script).href)) as TeamsPackage;

/** The template filled for a public URL, as the package script fills it. */
const filled = (url = 'https://rally.example.com') => fillManifest(readTemplate(), manifestValues(url));

/** A deep copy to break. */
const copy = (manifest: Manifest): Manifest => structuredClone(manifest);

interface Tab {
  configurationUrl: string;
  scopes: string[];
  context: string[];
}

describe('the Teams app manifest', () => {
  it('is at the newest schema version @microsoft/app-manifest ships', () => {
    const pkg = path.dirname(createRequire(import.meta.url).resolve('@microsoft/app-manifest/package.json'));
    const versions = readdirSync(path.join(pkg, 'build/json-schemas/teams'))
      .filter((dir) => /^v1\.\d+$/.test(dir))
      .map((dir) => Number(dir.slice('v1.'.length)));
    expect(readTemplate().manifestVersion).toBe(`1.${Math.max(...versions)}`);
  });

  it('filled with a public URL, validates against the schema: a configurable tab of teams and group chats', () => {
    const manifest = filled('https://rally.example.com:8443/');
    expect(validateManifest(manifest)).toEqual([]);
    const tab = (manifest.configurableTabs as Tab[])[0];
    expect(tab?.configurationUrl).toBe('https://rally.example.com:8443/integrations/teams/tab-config');
    expect(tab?.scopes).toEqual(['team', 'groupChat']);
    expect(manifest.validDomains).toEqual(['rally.example.com:8443']);
    expect(manifest.devicePermissions).toEqual(['media']);
    expect(JSON.stringify(manifest)).not.toMatch(/\{\{/);
  });

  it('the optional TEAMS_* settings fill the developer block', () => {
    const manifest = fillManifest(
      readTemplate(),
      manifestValues('https://rally.example.com', {
        TEAMS_DEVELOPER_NAME: 'Acme Coaching',
        TEAMS_PRIVACY_URL: 'https://acme.example/privacy',
        TEAMS_TERMS_URL: 'https://acme.example/terms',
      }),
    );
    expect(manifest.developer).toEqual({
      name: 'Acme Coaching',
      websiteUrl: 'https://rally.example.com',
      privacyUrl: 'https://acme.example/privacy',
      termsOfUseUrl: 'https://acme.example/terms',
    });
    expect(validateManifest(manifest)).toEqual([]);
  });

  it('a manifest with a mistake fails, each error naming where', () => {
    const noName = copy(filled());
    delete noName.name;
    expect(validateManifest(noName)).toEqual([expect.stringMatching(/^\/ must have required property 'name'/)]);

    const badUrl = copy(filled());
    (badUrl.configurableTabs as Tab[])[0]!.configurationUrl = 'rally.example.com/integrations/teams/tab-config';
    expect(validateManifest(badUrl)).toEqual([expect.stringMatching(/^\/configurableTabs\/0\/configurationUrl /)]);

    const personal = copy(filled());
    (personal.configurableTabs as Tab[])[0]!.scopes = ['personal'];
    expect(validateManifest(personal).join('\n')).toContain('/configurableTabs/0/scopes/0');

    const badId = { ...filled(), id: 'rally' };
    expect(validateManifest(badId).join('\n')).toContain('/id ');
  });

  it('a placeholder without a value is refused', () => {
    expect(() => fillManifest({ a: ['{{NOPE}}'] }, {})).toThrow('{{NOPE}}');
  });

  it('the icons: color 192×192, outline 32×32 white on transparent', async () => {
    const color = await sharp(path.join(TEMPLATE_DIR, 'color.png')).metadata();
    expect([color.format, color.width, color.height]).toEqual(['png', 192, 192]);
    const outline = await sharp(path.join(TEMPLATE_DIR, 'outline.png'))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([outline.info.width, outline.info.height, outline.info.channels]).toEqual([32, 32, 4]);
    const pixels = outline.data;
    let transparent = 0;
    let drawn = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      if (pixels[i + 3] === 0) transparent++;
      else {
        drawn++;
        // Every visible pixel is white, whatever its opacity.
        expect([pixels[i], pixels[i + 1], pixels[i + 2]]).toEqual([255, 255, 255]);
      }
    }
    expect(transparent).toBeGreaterThan(32 * 32 * 0.5);
    expect(drawn).toBeGreaterThan(0);
  });
});

describe('the package (npm run teams:package)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'rally-teams-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const unzip = (file: string) => unzipSync(new Uint8Array(readFileSync(file)));

  it('writes a zip of the filled manifest and the two icons at its root', async () => {
    const { stdout } = await run(process.execPath, [script, '--out', dir], {
      env: { ...process.env, PUBLIC_URL: 'https://rally.example.com' },
    });
    const file = path.join(dir, 'rally-teams-app.zip');
    expect(stdout).toContain(file);
    const entries = unzip(file);
    expect(Object.keys(entries).sort()).toEqual(['color.png', 'manifest.json', 'outline.png']);
    const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as Manifest;
    expect((manifest.configurableTabs as Tab[])[0]?.configurationUrl).toBe(
      'https://rally.example.com/integrations/teams/tab-config',
    );
    expect(manifest.validDomains).toEqual(['rally.example.com']);
    expect(validateManifest(manifest)).toEqual([]);
    expect(Buffer.from(entries['color.png']!).equals(readFileSync(path.join(TEMPLATE_DIR, 'color.png')))).toBe(true);
  });

  it('--url wins over PUBLIC_URL', async () => {
    await run(process.execPath, [script, '--url', 'https://teams.rally.example', '--out', dir], {
      env: { ...process.env, PUBLIC_URL: 'https://rally.example.com' },
    });
    const file = path.join(dir, 'rally-teams-app.zip');
    const manifest = JSON.parse(strFromU8(unzip(file)['manifest.json']!)) as Manifest;
    expect(manifest.validDomains).toEqual(['teams.rally.example']);
  });

  it('refuses a URL that is not https, or none, and writes nothing', async () => {
    for (const env of [{ PUBLIC_URL: 'http://rally.example.com' }, { PUBLIC_URL: '' }]) {
      const failed = run(process.execPath, [script, '--out', dir], { env: { ...process.env, ...env } });
      await expect(failed).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/PUBLIC_URL/) });
    }
    await expect(
      run(process.execPath, [script, '--url', 'ftp://rally.example.com', '--out', dir]),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('must be https') });
    expect(readdirSync(dir)).toEqual([]);
    expect(() => publicUrlOf('http://localhost:3000')).toThrow('--allow-http');
    expect(() => publicUrlOf('https://rally.example.com/?a=1')).toThrow('no query');
  });

  it('takes http only with --allow-http, for a local trial', () => {
    expect(publicUrlOf('http://localhost:3000/', { allowHttp: true })).toEqual({
      url: 'http://localhost:3000',
      host: 'localhost:3000',
    });
    const file = buildPackage({ publicUrl: 'http://localhost:3000', allowHttp: true, outDir: dir });
    const manifest = JSON.parse(strFromU8(unzip(file)['manifest.json']!)) as Manifest;
    expect(validateManifest(manifest)).toEqual([]);
    expect(manifest.validDomains).toEqual(['localhost:3000']);
  });
});
