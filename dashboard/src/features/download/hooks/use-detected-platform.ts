import type { Platform } from '@reachly/shared/constants';
import { useEffect, useState } from 'react';
import { detectPlatform, quickPlatformGuess } from '../utils/detect-platform.ts';

/** The visitor's platform: the quick guess at once, refined by the architecture hints when they arrive. */
export function useDetectedPlatform(): Platform {
  const [platform, setPlatform] = useState<Platform>(() => quickPlatformGuess());
  useEffect(() => {
    let active = true;
    void detectPlatform().then((detected) => {
      if (active) setPlatform(detected);
    });
    return () => {
      active = false;
    };
  }, []);
  return platform;
}
