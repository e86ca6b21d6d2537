import { z } from 'zod';
import { PLATFORMS } from '../constants/platforms.ts';

/**
 * GET /api/downloadApp?os=windows|macos-m|macos-intel|linux[&format=msi] (spec §7 Download).
 * The answer is the binary file, so there is no response schema. `format` exists only for Windows
 * and only as msi (the other platforms have one package each, DOWNLOAD_ITEMS in constants).
 */
export const DOWNLOAD_FORMATS = ['msi'] as const;

export const downloadAppQuerySchema = z
  .object({
    os: z.enum(PLATFORMS, { error: `os must be one of ${PLATFORMS.join(', ')}` }),
    format: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(DOWNLOAD_FORMATS, { error: 'format must be msi' }).optional(),
    ),
  })
  .superRefine((q, ctx) => {
    if (q.format !== undefined && q.os !== 'windows') {
      ctx.addIssue({ code: 'custom', path: ['format'], message: 'format=msi is only for os=windows' });
    }
  });
export type DownloadAppQuery = z.infer<typeof downloadAppQuerySchema>;

/** GET /api/downloads: the platforms whose installer this server has published (RELEASES_DIR). */
export const downloadsResponseSchema = z.object({ available: z.array(z.enum(PLATFORMS)) });
