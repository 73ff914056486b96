/** Types of test/support/fake-s3.js (a plain script so the cluster scripts run it with node). */
export interface FakeS3Handle {
  url: string;
  s3: { index: Map<string, { size: number; contentType: string; etag: string }>; requests: number };
  close(): Promise<void>;
}
export function startFakeS3(options: { port?: number; host?: string; dir: string }): Promise<FakeS3Handle>;
