import { ChangePasswordBody, ProfileBody } from "@schema/auth.ts";
import { PASSWORD_MIN } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import * as v from "valibot";

export const ProfileForm = ProfileBody;

/** The server checks current and new; the confirmation is the form's own (spec: each at least 6 characters). */
export const ChangePasswordForm = v.pipe(
  v.object({
    ...ChangePasswordBody.entries,
    confirm_password: v.pipe(v.string(), v.minLength(PASSWORD_MIN.change, messages.validation.changePasswordMin)),
  }),
  v.forward(
    v.partialCheck(
      [["new_password"], ["confirm_password"]],
      (input) => input.new_password === input.confirm_password,
      messages.validation.passwordsDontMatch,
    ),
    ["confirm_password"],
  ),
);
