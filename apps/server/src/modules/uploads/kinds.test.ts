import { describe, expect, it } from 'vitest';
import { Limits, PostMessages } from '@rally/contract';
import { contentMatches, judgeDeclared } from './kinds.js';
import { isStoredKey, UrlSigner } from './signing.js';
import { sampleFile } from '../../test/samples.js';

const declared = (filename: string, mime_type: string, file_size = 1000) => ({ filename, mime_type, file_size });

describe('judging a file before it is sent (name, reported type, size)', () => {
  it.each([
    ['photo.png', 'image/png', 'png', 'photo'],
    ['PHOTO.JPG', 'image/jpeg', 'jpg', 'photo'],
    ['photo.jpeg', 'image/jpeg', 'jpg', 'photo'],
    ['clip.mp4', 'video/mp4', 'mp4', 'video'],
    ['voice.mp3', 'audio/mpeg', 'mp3', 'audio'],
    ['voice.mp3', 'audio/mp3', 'mp3', 'audio'],
    ['voice.mp3', 'application/octet-stream', 'mp3', 'audio'],
    // Recordings (issue 22): Chromium and Firefox record WebM, Safari MP4; the type says video or audio.
    ['recording.webm', 'video/webm;codecs=vp8,opus', 'webm', 'video'],
    ['recording.webm', 'video/webm', 'webm', 'video'],
    ['recording.webm', 'audio/webm;codecs=opus', 'weba', 'audio'],
    ['recording.mp4', 'audio/mp4', 'm4a', 'audio'],
    ['recording.m4a', 'audio/mp4', 'm4a', 'audio'],
    ['recording.m4a', 'audio/x-m4a', 'm4a', 'audio'],
  ])('%s (%s) is a .%s %s', (filename, mime, ext, mediaType) => {
    expect(judgeDeclared(declared(filename, mime), 'expression')).toMatchObject({ ext, mediaType });
  });

  it.each([
    ['anim.gif', 'image/gif'],
    ['notes.txt', 'text/plain'],
    ['no-extension', 'image/png'],
    ['photo.png', 'video/mp4'],
    ['clip.mp4', 'image/png'],
    ['page.png.html', 'text/html'],
    ['recording.webm', 'video/mp4'],
    ['voice.mp3', 'audio/webm'],
  ])('%s (%s) is refused with 415', (filename, mime) => {
    expect(() => judgeDeclared(declared(filename, mime), 'expression')).toThrow(
      expect.objectContaining({ statusCode: 415, message: PostMessages.uploadTypeUnsupported }),
    );
  });

  it('a team video is a video only: an .mp4, or a recording as WebM; no picture, no sound alone', () => {
    expect(judgeDeclared(declared('v.mp4', 'video/mp4'), 'team.teamvideo').ext).toBe('mp4');
    expect(judgeDeclared(declared('v.webm', 'video/webm'), 'team.teamvideo').ext).toBe('webm');
    for (const [name, mime] of [
      ['a.webm', 'audio/webm'],
      ['a.mp4', 'audio/mp4'],
    ])
      expect(() => judgeDeclared(declared(name!, mime!), 'team.teamvideo')).toThrow(
        expect.objectContaining({ statusCode: 415, message: PostMessages.uploadVideoOnly }),
      );
    expect(() => judgeDeclared(declared('p.png', 'image/png'), 'team.teamvideo')).toThrow(
      expect.objectContaining({ statusCode: 415, message: PostMessages.uploadVideoOnly }),
    );
  });

  it.each([
    ['p.png', 'image/png', Limits.imageMaxBytes],
    ['p.jpg', 'image/jpeg', Limits.imageMaxBytes],
    ['a.mp3', 'audio/mpeg', Limits.audioMaxBytes],
    ['v.mp4', 'video/mp4', Limits.videoMaxBytes],
  ])('%s: up to its kind limit, 413 past it', (filename, mime, max) => {
    expect(() => judgeDeclared(declared(filename, mime, max), 'team.celebration')).not.toThrow();
    expect(() => judgeDeclared(declared(filename, mime, max + 1), 'team.celebration')).toThrow(
      expect.objectContaining({ statusCode: 413, message: PostMessages.uploadTooLarge }),
    );
  });
});

describe('judging the content (first bytes)', () => {
  it('each kind is recognised as its media type and as no other', () => {
    expect(contentMatches('photo', sampleFile('png'))).toBe(true);
    expect(contentMatches('photo', sampleFile('jpg'))).toBe(true);
    expect(contentMatches('video', sampleFile('mp4'))).toBe(true);
    expect(contentMatches('audio', sampleFile('mp3'))).toBe(true);
    expect(contentMatches('audio', sampleFile('mp3Frame'))).toBe(true);

    expect(contentMatches('video', sampleFile('png'))).toBe(false);
    expect(contentMatches('audio', sampleFile('jpg'))).toBe(false);
    expect(contentMatches('photo', sampleFile('mp4'))).toBe(false);
    expect(contentMatches('photo', sampleFile('mp3'))).toBe(false);
  });

  it('text, HTML, an empty file and a stray 0xFF byte are none of them', () => {
    for (const bytes of [
      Buffer.from('just some text'),
      Buffer.from('<html><script>alert(1)</script>'),
      Buffer.alloc(0),
      Buffer.from([0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0]), // sync bits but reserved bitrate
      Buffer.from([0xff, 0xe8, 0x00, 0x00]), // sync bits but MPEG version "reserved"
    ])
      for (const type of ['photo', 'video', 'audio'] as const) expect(contentMatches(type, bytes)).toBe(false);
  });
});

describe('signed file URLs', () => {
  const key = `uploads/7/${'ab'.repeat(16)}.png`;
  let now = Date.UTC(2026, 10, 23, 10, 20);
  const signer = new UrlSigner('s'.repeat(32), () => now);

  it('only keys this module makes are keys', () => {
    expect(isStoredKey(key)).toBe(true);
    expect(isStoredKey(`teams/1/${'0'.repeat(32)}.webp`)).toBe(true);
    for (const bad of [
      '../app-secret',
      `uploads/7/../../${'a'.repeat(32)}.png`,
      `uploads/7/${'a'.repeat(32)}.html`,
      '/files/teams/1/x.png',
    ])
      expect(isStoredKey(bad)).toBe(false);
  });

  it('a read URL lives at least the download TTL and stays the same within the hour', () => {
    const url = signer.readUrl(key);
    const expires = Number(/expires=(\d+)/.exec(url)![1]);
    expect(expires * 1000 - now).toBeGreaterThanOrEqual(Limits.downloadUrlTtlSeconds * 1000);
    expect(expires * 1000 - now).toBeLessThan((Limits.downloadUrlTtlSeconds + 3600) * 1000);
    now += 60_000;
    expect(signer.readUrl(key)).toBe(url);
  });

  it('verifies method, key and time', () => {
    const expires = Math.floor(now / 1000) + 60;
    const sig = new URL(signer.url('PUT', key, expires), 'http://x').searchParams.get('signature');
    expect(signer.verify('PUT', key, String(expires), sig)).toBe('ok');
    expect(signer.verify('GET', key, String(expires), sig)).toBe('invalid');
    expect(signer.verify('PUT', key.replace('7', '8'), String(expires), sig)).toBe('invalid');
    expect(signer.verify('PUT', key, String(expires + 1), sig)).toBe('invalid');
    expect(signer.verify('PUT', key, undefined, sig)).toBe('missing');
    expect(new UrlSigner('t'.repeat(32), () => now).verify('PUT', key, String(expires), sig)).toBe('invalid');
    now += 61_000;
    expect(signer.verify('PUT', key, String(expires), sig)).toBe('expired');
  });
});
