"use client";

import dynamic from "next/dynamic";

/** The login form's fields as a chunk of their own (see LazyClientLoginForm). */
export const LazyClientLoginFields = dynamic(() => import("./client-login-fields").then((m) => m.ClientLoginFields));
