import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rejectReason, uploadAttachment } from '../../src/web/features/conversation/api/upload-attachment.js';
import { errorMessage, NetworkError } from '../../src/web/lib/api-client.js';

/**
 * A stand-in for the browser's XMLHttpRequest: the test says how far the upload got and how it
 * ended (an answer, or the connection dropped), as a phone on a bad line would meet it.
 */
class FakeXhr {
  static last: FakeXhr | undefined;
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  status = 0;
  response: unknown = null;
  responseType = '';
  constructor() {
    FakeXhr.last = this;
  }
  open() {}
  setRequestHeader() {}
  send() {}
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, response: unknown) {
    this.status = status;
    this.response = response;
    this.onload?.();
  }
}

const MB = 1024 * 1024;
const photo = () => new File([new Uint8Array(8 * MB)], 'photo.jpg', { type: 'image/jpeg' });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => Promise.reject(new Error('it was kept')),
    (err: unknown) => err,
  );

describe('an attachment that stops part way', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal('localStorage', { getItem: () => 'token' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says how far it got when the server stopped waiting (408), and what can help', async () => {
    const upload = uploadAttachment('t1', photo(), () => {});
    FakeXhr.last!.progress(3.2 * MB, 8 * MB + 200);
    FakeXhr.last!.answer(408, { error: 'The request took too long to arrive' });
    expect(errorMessage(await failure(upload), 'Upload failed')).toBe(
      'sending it took too long on this connection (it stopped after 3.2 MB of 8.0 MB): send a smaller file, or try again on a faster connection',
    );
  });

  it('says how far it got when the connection dropped', async () => {
    const upload = uploadAttachment('t1', photo(), () => {});
    FakeXhr.last!.progress(512 * 1024, 8 * MB + 200);
    FakeXhr.last!.onerror!();
    expect(errorMessage(await failure(upload), 'Upload failed')).toBe(
      'the connection dropped after 512 KB of 8.0 MB: try again, or send a smaller file if the connection is slow',
    );
  });

  it('is a network error, as for any call, when nothing was sent', async () => {
    const upload = uploadAttachment('t1', photo(), () => {});
    FakeXhr.last!.onerror!();
    expect(await failure(upload)).toBeInstanceOf(NetworkError);
  });

  it('keeps the server’s own words for a refusal', async () => {
    const upload = uploadAttachment('t1', photo(), () => {});
    FakeXhr.last!.progress(8 * MB, 8 * MB);
    FakeXhr.last!.answer(415, { error: 'Only PNG, JPEG, WebP, PDF or plain text files can be attached' });
    expect(errorMessage(await failure(upload), 'Upload failed')).toBe(
      'Only PNG, JPEG, WebP, PDF or plain text files can be attached',
    );
  });
});

/**
 * What the composer sends at all: the server decides from the bytes, and keeps text under any of its
 * text names (.log, .csv, .json, …). Chromium types those text/x-log, text/csv, application/json, or
 * not at all; the composer refused every one but text/plain and untyped .txt and .log files.
 */
describe('the files the composer sends', () => {
  const file = (name: string, type: string, size = 100) => new File([new Uint8Array(size)], name, { type });

  it.each([
    ['photo.png', 'image/png'],
    ['scan.pdf', 'application/pdf'],
    ['notes.txt', 'text/plain'],
    ['server.log', 'text/x-log'],
    ['server.log', ''],
    ['export.csv', 'text/csv'],
    ['settings.json', 'application/json'],
    ['compose.yaml', 'application/x-yaml'],
    ['README.md', 'text/markdown'],
    ['dump.err', ''],
  ])('sends %s (%s)', (name, type) => {
    expect(rejectReason(file(name, type))).toBeNull();
  });

  it.each([
    ['setup.exe', 'application/x-msdownload'],
    ['archive.zip', 'application/zip'],
    ['clip.mp4', 'video/mp4'],
    ['noname', ''],
    ['page.html', 'text/html'],
    ['drawing.svg', 'image/svg+xml'],
  ])('refuses %s (%s) before sending it', (name, type) => {
    expect(rejectReason(file(name, type))).toBe(`${name}: only PNG, JPEG, WebP, PDF or text files can be attached`);
  });

  it('refuses a text file over the limit', () => {
    expect(rejectReason(file('big.log', 'text/x-log', 10 * 1024 * 1024 + 1))).toMatch(
      /^big\.log: a file must be at most 10 MB$/,
    );
  });
});
