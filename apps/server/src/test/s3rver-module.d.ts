/** The parts of `s3rver` (which ships no types) that the test S3 server uses. */
declare module 's3rver' {
  export type S3rverOptions = {
    address: string;
    port: number;
    directory: string;
    silent: boolean;
    configureBuckets: { name: string }[];
  };
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
