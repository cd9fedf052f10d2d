// s3rver ships no types: the part of its API the harness uses.
declare module "s3rver" {
  type BucketConfig = { name: string; configs: (string | Buffer)[] };
  type Options = {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: BucketConfig[];
    vhostBuckets?: boolean;
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
