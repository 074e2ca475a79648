import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../src/web/features/conversation/lib/file-size.js';

describe('formatFileSize', () => {
  it('says bytes under a kilobyte as they are (a UX audit saw a 33-byte log as "1 KB")', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(33)).toBe('33 B');
    expect(formatFileSize(1023)).toBe('1023 B');
  });

  it('says kilobytes, then megabytes with one decimal', () => {
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(512 * 1024)).toBe('512 KB');
    expect(formatFileSize(3.2 * 1024 * 1024)).toBe('3.2 MB');
  });
});
