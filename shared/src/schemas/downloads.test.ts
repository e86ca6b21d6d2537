import { describe, expect, it } from 'vitest';
import { downloadAppQuerySchema } from './downloads.ts';

describe('GET /api/downloadApp', () => {
  it('accepts every platform, and msi for windows', () => {
    expect(downloadAppQuerySchema.parse({ os: 'windows', format: 'msi' })).toEqual({
      os: 'windows',
      format: 'msi',
    });
    expect(downloadAppQuerySchema.parse({ os: 'windows' })).toEqual({ os: 'windows' });
    expect(downloadAppQuerySchema.parse({ os: 'macos-m' })).toEqual({ os: 'macos-m' });
    expect(downloadAppQuerySchema.parse({ os: 'macos-intel', format: '' })).toEqual({ os: 'macos-intel' });
    expect(downloadAppQuerySchema.parse({ os: 'linux', other: '1' })).toEqual({ os: 'linux' });
  });

  it('refuses unknown platforms and formats, and msi elsewhere', () => {
    expect(downloadAppQuerySchema.safeParse({ os: 'android' }).error?.issues[0]?.message).toBe(
      'os must be one of windows, macos-m, macos-intel, linux',
    );
    expect(downloadAppQuerySchema.safeParse({}).success).toBe(false);
    expect(downloadAppQuerySchema.safeParse({ os: 'windows', format: 'exe' }).error?.issues[0]?.message).toBe(
      'format must be msi',
    );
    expect(downloadAppQuerySchema.safeParse({ os: 'linux', format: 'msi' }).error?.issues[0]?.message).toBe(
      'format=msi is only for os=windows',
    );
  });
});
