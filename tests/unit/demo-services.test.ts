// The demo services' guard (src/config/env-schema.mjs, docs/DEPLOYMENT.md#demo-services): on by default
// for a non-production start with demo data, off with DEMO_SERVICES=off, refused on a production
// deployment; explicit Square settings win over the demo Square; the addresses the start hands the
// server count only outside production and only on loopback; the ports chosen for them leave the
// app's own port alone.
import { describe, expect, it } from "vitest";
import { decideDemoServices, DEMO_SERVICE_KINDS, demoServicesToWire, parseEnv } from "@/config/env-schema.mjs";
import { servicePorts } from "../../scripts/demo-services.mjs";

const URLS = JSON.stringify({ github: "http://127.0.0.1:41001", square: "http://127.0.0.1:41002", jira: "http://10.0.0.5:41003" });

describe("decideDemoServices", () => {
  it("is on for a non-production start with demo data, off without demo data", () => {
    expect(decideDemoServices({ demoServices: undefined, isProduction: false, seedDemo: true })).toBe(true);
    expect(decideDemoServices({ demoServices: undefined, isProduction: false, seedDemo: false })).toBe(false);
  });

  it("is switched off with DEMO_SERVICES=off (or false, 0, no) and on with on", () => {
    for (const off of ["off", "OFF", "false", "0", "no"])
      expect(decideDemoServices({ demoServices: off, isProduction: false, seedDemo: true })).toBe(false);
    expect(decideDemoServices({ demoServices: "on", isProduction: false, seedDemo: false })).toBe(true);
  });

  it("refuses DEMO_SERVICES=on on a production deployment, and is off there otherwise", () => {
    expect(() => decideDemoServices({ demoServices: "on", isProduction: true, seedDemo: true })).toThrow(
      /refused on a production deployment/,
    );
    expect(decideDemoServices({ demoServices: undefined, isProduction: true, seedDemo: true })).toBe(false);
    expect(decideDemoServices({ demoServices: "off", isProduction: true, seedDemo: true })).toBe(false);
  });

  it("refuses a value that is neither on nor off", () => {
    expect(() => decideDemoServices({ demoServices: "maybe", isProduction: false, seedDemo: true })).toThrow(
      'DEMO_SERVICES must be "on" or "off", not "maybe".',
    );
  });
});

describe("demoServicesToWire", () => {
  it("wires every demo service into a plain demo start", () => {
    expect(demoServicesToWire({})).toEqual([...DEMO_SERVICE_KINDS]);
  });

  it("wires none with DEMO_SERVICES=off, none on a production deployment, and refuses on there", () => {
    expect(demoServicesToWire({ DEMO_SERVICES: "off" })).toEqual([]);
    expect(demoServicesToWire({ APP_ENV: "production" })).toEqual([]);
    expect(demoServicesToWire({ DATABASE_URL: "postgres://db/app" })).toEqual([]);
    expect(() => demoServicesToWire({ APP_ENV: "production", DEMO_SERVICES: "on" })).toThrow(/refused on a production deployment/);
    // DATABASE_URL implies production as well.
    expect(() => demoServicesToWire({ DATABASE_URL: "postgres://db/app", DEMO_SERVICES: "on" })).toThrow(/refused/);
  });

  it("leaves Square to explicit configuration: any SQUARE_* set, and the demo Square is not wired", () => {
    expect(demoServicesToWire({ SQUARE_APPLICATION_ID: "sq0idp-real" })).not.toContain("square");
    expect(demoServicesToWire({ SQUARE_BASE_URL: "https://connect.squareup.com" })).not.toContain("square");
    expect(demoServicesToWire({ SQUARE_APPLICATION_ID: "sq0idp-real" })).toContain("github");
  });
});

describe("the demo services' addresses the server reads", () => {
  it("takes loopback addresses outside production", () => {
    expect(parseEnv({ DEMO_SERVICE_URLS: URLS }).demoServices).toEqual({
      github: "http://127.0.0.1:41001",
      square: "http://127.0.0.1:41002",
    });
  });

  it("takes none on a production deployment or with DEMO_SERVICES=off, so the loopback allowance cannot exist there", () => {
    expect(parseEnv({ DEMO_SERVICE_URLS: URLS, APP_ENV: "production" }).demoServices).toEqual({});
    expect(parseEnv({ DEMO_SERVICE_URLS: URLS, DATABASE_URL: "postgres://db/app" }).demoServices).toEqual({});
    expect(parseEnv({ DEMO_SERVICE_URLS: URLS, DEMO_SERVICES: "off" }).demoServices).toEqual({});
    expect(parseEnv({ DEMO_SERVICE_URLS: "not json" }).demoServices).toEqual({});
  });
});

describe("servicePorts", () => {
  it("never hands a service the app's own port (not bound yet when they are chosen) nor another service's", async () => {
    const offered = [4100, 4100, 4101, 4101, 4102];
    const pick = async () => offered.shift()!;
    expect(await servicePorts(["square", "github"], 4100, pick)).toEqual({ square: 4101, github: 4102 });
  });
});
