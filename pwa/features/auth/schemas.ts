import { LoginBody, RegisterBody } from "@schema/auth.ts";
import { messages } from "@schema/messages.ts";
import * as v from "valibot";

/** The login form validates with the server's own schema. */
export const LoginForm = LoginBody;

/** Registration adds the confirmation the server never sees; the token travels separately. */
export const RegisterForm = v.pipe(
  v.object({
    ...v.omit(RegisterBody, ["token"]).entries,
    confirmPassword: v.string(),
  }),
  v.forward(
    v.partialCheck(
      [["password"], ["confirmPassword"]],
      (input) => input.password === input.confirmPassword,
      messages.validation.passwordsDoNotMatch,
    ),
    ["confirmPassword"],
  ),
);
