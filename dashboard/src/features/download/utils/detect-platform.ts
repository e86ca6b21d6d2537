import type { Platform } from '@reachly/shared/constants';
import { appleSiliconHint, guessPlatform } from '@reachly/shared/logic';

/** The part of navigator.userAgentData (Chromium's UA client hints) the guess reads. */
interface UserAgentData {
  platform?: string;
  getHighEntropyValues?: (hints: string[]) => Promise<{ architecture?: string }>;
}

/** What the detection reads from the browser; `navigator` in the page, a fake in tests. */
export interface NavigatorLike {
  userAgent: string;
  platform?: string;
  userAgentData?: UserAgentData;
}

function platformHint(nav: NavigatorLike): string | undefined {
  return nav.userAgentData?.platform || nav.platform || undefined;
}

/** The first guess, synchronous: the user agent and the platform hint, without the architecture. */
export function quickPlatformGuess(nav: NavigatorLike = navigator): Platform {
  return guessPlatform(nav.userAgent, { platform: platformHint(nav) });
}

/** The unmasked WebGL renderer ('ANGLE (Apple, ANGLE Metal Renderer: Apple M2, ...)'), if the browser tells it. */
function webglRenderer(): string | undefined {
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl') as WebGLRenderingContext | null;
    if (!gl) return undefined;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return typeof renderer === 'string' ? renderer : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The full guess (spec §2): on a Mac the architecture decides M-series or Intel, read from the
 * high-entropy `architecture` client hint, else from the WebGL renderer (appleSiliconHint).
 * Elsewhere the quick guess stands and nothing more is asked of the browser.
 */
export async function detectPlatform(
  nav: NavigatorLike = navigator,
  readRenderer: () => string | undefined = webglRenderer,
): Promise<Platform> {
  const quick = quickPlatformGuess(nav);
  if (quick !== 'macos-m' && quick !== 'macos-intel') return quick;
  let architecture: string | undefined;
  try {
    architecture = (await nav.userAgentData?.getHighEntropyValues?.(['architecture']))?.architecture;
  } catch {
    architecture = undefined;
  }
  let isArm = appleSiliconHint({ architecture });
  if (isArm === undefined) isArm = appleSiliconHint({ webglRenderer: readRenderer() });
  return guessPlatform(nav.userAgent, { platform: platformHint(nav), isArm });
}
