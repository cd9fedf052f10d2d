import type { ServiceName } from "@/lib/domain/services";

// The three service cards: title, description, icon, six features each (docs/PRODUCT.md#marketing-services).
export type ServiceCard = {
  id: string;
  title: ServiceName;
  description: string;
  icon: "assessment" | "governance" | "acceleration";
  features: readonly [string, string, string, string, string, string];
};

export const SERVICES: readonly ServiceCard[] = [
  {
    id: "assessment",
    title: "AI Security Assessment",
    description:
      "A hands-on review of your models, prompts, agents, data pipelines and integrations that finds exploitable weaknesses before attackers do, with a prioritized plan to fix them.",
    icon: "assessment",
    features: [
      "Threat modeling for LLM applications and agents",
      "Prompt-injection and jailbreak testing",
      "Data leakage and PII exposure analysis",
      "Model and dependency supply-chain review",
      "Access-control and tool-permission audit",
      "Prioritized remediation roadmap with retest",
    ],
  },
  {
    id: "governance",
    title: "AI Security Governance",
    description:
      "Policies, controls and oversight that let you adopt AI with confidence, and prove it to your board, your customers and your regulators.",
    icon: "governance",
    features: [
      "AI system inventory and risk register",
      "Policy framework aligned to the NIST AI RMF",
      "ISO/IEC 42001 and EU AI Act readiness",
      "Third-party and model vendor risk management",
      "Incident response playbooks for AI systems",
      "Board and executive risk reporting",
    ],
  },
  {
    id: "acceleration",
    title: "AI Engineering Acceleration",
    description:
      "We embed with your engineers to roll out AI-assisted development safely: faster reviews, fewer defects and delivery gains you can measure.",
    icon: "acceleration",
    features: [
      "Secure rollout of AI coding assistants",
      "AI-assisted code review with security gates",
      "Automated test generation and coverage",
      "CI/CD guardrails for AI-generated code",
      "Developer enablement and training",
      "Productivity metrics and ROI tracking",
    ],
  },
];
