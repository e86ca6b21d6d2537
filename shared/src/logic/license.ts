/** The part of the user's licence (spec §3: license {plan, isTrial, licenseTill}) that decides validity. */
export interface LicenseValidity {
  licenseTill: string | Date | null;
}

/**
 * A licence is valid while `now` is strictly before licenseTill (spec §4). No licence, a null
 * licenseTill or an unparseable date is not valid. `now` is passed in (no clock in shared logic).
 */
export function isLicenseValid(license: LicenseValidity | null | undefined, now: Date): boolean {
  if (license?.licenseTill == null) return false;
  const till =
    license.licenseTill instanceof Date ? license.licenseTill.getTime() : Date.parse(license.licenseTill);
  const at = now.getTime();
  if (Number.isNaN(till) || Number.isNaN(at)) return false;
  return at < till;
}
