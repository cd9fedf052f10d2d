import { ImageResponse } from "next/og";
import { siteConfig } from "@/config/site";

// The share card for the public pages, rendered once at build time with the font bundled in next/og.
export const alt = `${siteConfig.name}: AI security assessment, governance and engineering acceleration`;
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

export default function OpengraphImage() {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "center",
        padding: 80,
        background: "linear-gradient(135deg, #020617 0%, #0f172a 60%, #083344 100%)",
        color: "#e2e8f0",
      }}
    >
      <div style={{ display: "flex", fontSize: 28, color: "#22d3ee", letterSpacing: 4 }}>AI SECURITY CONSULTANCY</div>
      <div style={{ display: "flex", marginTop: 24, fontSize: 76, color: "#ffffff" }}>{siteConfig.name}</div>
      <div style={{ display: "flex", marginTop: 24, fontSize: 36, color: "#94a3b8" }}>
        Assessment · Governance · Engineering Acceleration
      </div>
    </div>,
    size,
  );
}
