export declare function startDemoServices(
  kinds: readonly string[],
  opts: { appUrl: string; appPort: number | string; env?: NodeJS.ProcessEnv },
): Promise<string[]>;
export declare function servicePorts(
  kinds: readonly string[],
  appPort: number | string,
  pick?: () => Promise<number>,
): Promise<Record<string, number>>;
