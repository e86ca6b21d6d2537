import { z } from 'zod';

/**
 * POST /api/demo/session (anonymous): the visitor's demo organisation, made and seeded on the
 * first call. `visitorId` is the random id the page keeps in local storage (demoVisitorId).
 */
export const demoSessionBodySchema = z.object({
  visitorId: z.string().regex(/^[0-9a-f]{32,64}$/, 'visitorId must be 32 to 64 hexadecimal characters'),
});
export type DemoSessionBody = z.infer<typeof demoSessionBodySchema>;

/** The demo user's access token (sent as the authorization header), its organisation, the next reset. */
export const demoSessionResponseSchema = z.object({
  accessToken: z.string().min(1),
  organizationId: z.number().int().positive(),
  resetsAt: z.string(),
});
export type DemoSessionResponse = z.infer<typeof demoSessionResponseSchema>;
