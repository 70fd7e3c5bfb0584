import { configure } from "@testing-library/react";

// Screens appear after lazy imports and the device store's first read; on a shared, loaded CI
// machine that can take longer than Testing Library's 1 s default, which made findBy… flaky.
// A missing element still fails, only later.
configure({ asyncUtilTimeout: 5_000 });
