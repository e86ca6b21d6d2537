import type { AgentTrafficBody, Traffic } from '@reachly/shared/schemas';

/**
 * Reports the proxy traffic the forwarding proxies counted (POST /api/agent/traffic) every
 * `intervalMs` and on stop. Bytes are moved from the proxies into a pending sum per profile before
 * each report; a report that fails leaves its bytes pending, so they are added to the next one and
 * nothing is lost. A profile whose proxy closes hands its last bytes over first (`release`).
 */

/** Where a profile's bytes come from (a ForwardingProxy). */
export interface ByteSource {
  takeBytes(): bigint;
}

export interface TrafficMeterOptions {
  report: (body: AgentTrafficBody) => Promise<Traffic>;
  intervalMs: number;
  /** After each successful report: the organisation's traffic as the server has it now. */
  onReported?: (traffic: Traffic) => void;
  onError?: (error: Error) => void;
  /**
   * The profiles a refused report names as unknown (deleted meanwhile): their bytes are dropped
   * and the rest sent again at once, so one deleted profile cannot hold back every report.
   */
  unknownProfiles?: (error: Error) => number[];
}

export interface TrafficMeter {
  /** Counts this profile's bytes from now on. */
  track(profileId: number, source: ByteSource): void;
  /** Takes the source's last bytes and stops reading it (call after closing the proxy). */
  release(profileId: number): void;
  /** Bytes waiting to be reported, per profile. */
  pending(): Map<number, bigint>;
  /** Reports what is pending now; resolves false when the report failed (kept for the next one). */
  flush(): Promise<boolean>;
  start(): void;
  /** Stops the timer and makes a last report. */
  stop(): Promise<boolean>;
}

/** The schema's limit of reports in one body. */
const MAX_REPORTS = 1000;

export function createTrafficMeter(options: TrafficMeterOptions): TrafficMeter {
  const sources = new Map<number, ByteSource>();
  const pending = new Map<number, bigint>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let inFlight: Promise<boolean> | null = null;

  const add = (profileId: number, bytes: bigint) => {
    if (bytes > 0n) pending.set(profileId, (pending.get(profileId) ?? 0n) + bytes);
  };
  const collect = () => {
    for (const [profileId, source] of sources) add(profileId, source.takeBytes());
  };

  async function reportOnce(): Promise<boolean> {
    collect();
    const batch = [...pending].filter(([, bytes]) => bytes > 0n).slice(0, MAX_REPORTS);
    if (batch.length === 0) return true;
    try {
      const traffic = await options.report({
        reports: batch.map(([profileId, bytes]) => ({ profileId, bytes: bytes.toString() })),
      });
      // Only what was sent leaves the pending sums: bytes counted meanwhile stay.
      for (const [profileId, bytes] of batch) {
        const left = (pending.get(profileId) ?? 0n) - bytes;
        if (left > 0n) pending.set(profileId, left);
        else pending.delete(profileId);
      }
      options.onReported?.(traffic);
      return true;
    } catch (error) {
      options.onError?.(error as Error);
      const unknown = options.unknownProfiles?.(error as Error).filter((id) => pending.has(id)) ?? [];
      if (unknown.length === 0) return false;
      for (const id of unknown) {
        pending.delete(id);
        sources.delete(id);
      }
      return reportOnce();
    }
  }

  const meter: TrafficMeter = {
    track(profileId, source) {
      sources.set(profileId, source);
    },
    release(profileId) {
      const source = sources.get(profileId);
      if (!source) return;
      add(profileId, source.takeBytes());
      sources.delete(profileId);
    },
    pending() {
      collect();
      return new Map(pending);
    },
    async flush() {
      // One report at a time: a flush during a report waits for it, then reports what is left.
      while (inFlight) await inFlight;
      inFlight = reportOnce();
      try {
        return await inFlight;
      } finally {
        inFlight = null;
      }
    },
    start() {
      if (timer) return;
      timer = setInterval(() => void meter.flush(), options.intervalMs);
      timer.unref?.();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      return meter.flush();
    },
  };
  return meter;
}
