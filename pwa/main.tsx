import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppProviders } from "@/app/app-providers.tsx";
import { UpdatePrompt } from "@/app/pwa/update-prompt.tsx";
import { AppRoutes } from "@/app/router.tsx";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <UpdatePrompt />
    </AppProviders>
  </StrictMode>,
);
