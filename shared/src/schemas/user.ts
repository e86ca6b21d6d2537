import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants/commerce.ts';
import { PASSWORD_MIN_LENGTH } from '../constants/limits.ts';
import { bigIntStringSchema, isoDateSchema } from './common.ts';

export const emailSchema = z
  .email()
  .max(254)
  .transform((e) => e.toLowerCase());

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256);

/**
 * POST /api/user/password: the current password and the new one. Every session and the access
 * token end at once (this browser's too): the user signs in again with the new password.
 */
export const changePasswordBodySchema = z
  .object({ currentPassword: z.string().min(1).max(256), newPassword: newPasswordSchema })
  .refine((b) => b.currentPassword !== b.newPassword, {
    path: ['newPassword'],
    message: 'newPassword: choose a password other than the current one',
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** POST /api/register (docs/design.md §3). */
export const registerBodySchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(256),
  affiliateToken: z.string().min(1).max(200).optional(),
  organizationToken: z.string().min(1).max(200).optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The Auth.js credentials provider's fields. */
export const credentialsSchema = z.object({ email: emailSchema, password: z.string().min(1).max(256) });

export const licenseSchema = z.object({
  plan: z.string(),
  isTrial: z.boolean(),
  licenseTill: isoDateSchema.nullable(),
});
export type License = z.infer<typeof licenseSchema>;

export const paymentTextSchema = z.object({ method: z.enum(PAYMENT_METHODS), text: z.string() });
export type PaymentText = z.infer<typeof paymentTextSchema>;

/** The user of spec §3 as GET /api/user and GET /api/globalPrerenderData answer it. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  data: z.object({ email: z.string() }),
  accessToken: z.string(),
  isBanned: z.boolean(),
  organizationId: z.number().int(),
  license: licenseSchema,
  areProfilesGiven: z.boolean(),
  paymentTexts: z.array(paymentTextSchema),
});
export type User = z.infer<typeof userSchema>;

export const registerResponseSchema = z.object({ user: userSchema });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const globalPrerenderDataSchema = z.object({ user: userSchema.nullable() });
export type GlobalPrerenderData = z.infer<typeof globalPrerenderDataSchema>;

/** GET /api/traffic: bytes as big-integer strings, plus what remains (spec §3). */
export const trafficSchema = z.object({
  trafficLimit: bigIntStringSchema,
  usedTraffic: bigIntStringSchema,
  remainingTraffic: bigIntStringSchema,
});
export type Traffic = z.infer<typeof trafficSchema>;

/** POST /api/auth/_log: client logging beacon (spec §7). */
export const authLogBodySchema = z.object({
  level: z.enum(['error', 'warn', 'debug']),
  code: z.string().max(100),
  message: z.string().max(10_000).optional(),
  client: z.union([z.literal(true), z.literal('true')]).optional(),
});
export type AuthLogBody = z.infer<typeof authLogBodySchema>;

/**
 * A plan of the Plans page as the operator configures it (PLANS): its price as written ("$49",
 * "€490"), what the price is per ("month"), a line about it and what it includes.
 */
export const planSchema = z.object({
  id: z.string().trim().min(1).max(50),
  name: z.string().trim().min(1).max(80),
  price: z.string().trim().min(1).max(40),
  period: z.string().trim().min(1).max(40).optional(),
  description: z.string().trim().min(1).max(300).optional(),
  features: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
});
export type Plan = z.infer<typeof planSchema>;

/** A package of proxy traffic for sale (TRAFFIC_PACKAGES), e.g. "10 GB" for "$20". */
export const trafficPackageSchema = z.object({
  id: z.string().trim().min(1).max(50),
  name: z.string().trim().min(1).max(80),
  price: z.string().trim().min(1).max(40),
  description: z.string().trim().min(1).max(300).optional(),
});
export type TrafficPackage = z.infer<typeof trafficPackageSchema>;

/** Where an item is paid for: the checkout (CHECKOUT_URL) with the item and the buyer filled in; null without one. */
const checkoutUrlSchema = z.url({ protocol: /^https?$/ }).nullable();

/** How to reach support (SUPPORT_CONTACT): the address as shown, and the link (mailto: for an email). */
export const supportContactSchema = z.object({ text: z.string().min(1), href: z.string().min(1) });
export type SupportContact = z.infer<typeof supportContactSchema>;

/** GET /api/plans: the plans, the traffic packages and the support contact of this server. */
export const plansResponseSchema = z.object({
  plans: z.array(planSchema.extend({ checkoutUrl: checkoutUrlSchema })),
  trafficPackages: z.array(trafficPackageSchema.extend({ checkoutUrl: checkoutUrlSchema })),
  support: supportContactSchema.nullable(),
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;
