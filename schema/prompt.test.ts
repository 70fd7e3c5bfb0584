import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { messages } from "./messages.ts";
import { CreatePromptBody, PromptForm } from "./prompt.ts";

const m = messages.validation;
const form = { id: "prompt-1", title: "Exposure coach", owner: "test_prompt", prompt: "Be warm and brief." };
const firstMessage = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? null : result.issues[0].message;
};

describe("the prompt form", () => {
  it("accepts a complete prompt", () => {
    expect(firstMessage(PromptForm, form)).toBeNull();
  });

  it.each([
    [{ id: " " }, m.promptIdRequired],
    [{ title: "Four" }, "Title must be at least 4 characters"],
    [{ title: "x".repeat(101) }, "Title must be less than 100 characters"],
    [{ owner: "" }, "Owner is required"],
    [{ prompt: "123456789" }, "Prompt must be at least 10 characters"],
    [{ prompt: "x".repeat(20_001) }, "Prompt must be less than 20000 characters"],
  ])("refuses %o with the spec's message", (change, message) => {
    expect(firstMessage(PromptForm, { ...form, ...change })).toBe(message);
  });

  it("lets a request body leave out the id but names a missing field by its own message", () => {
    expect(firstMessage(CreatePromptBody, { ...form, id: undefined })).toBeNull();
    expect(firstMessage(CreatePromptBody, { id: "x", owner: "o", prompt: "long enough text" })).toBe(m.promptTitleMin);
  });
});
