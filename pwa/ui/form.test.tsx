import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import * as v from "valibot";
import { afterEach, describe, expect, it } from "vitest";
import { formProps, useAppForm, validateWith } from "./form.tsx";

afterEach(cleanup);

const Choice = v.object({ colour: v.picklist(["red", "blue"], "Colour is required") });

function ColourForm({ onSaved }: { onSaved: (colour: string) => void }) {
  const form = useAppForm({
    defaultValues: { colour: "" },
    validators: { onSubmit: validateWith(Choice) },
    onSubmit: ({ value }) => onSaved(value.colour),
  });
  return (
    <form {...formProps(form)}>
      <form.AppField name="colour">
        {(f) => <f.SelectField label="Colour" options={["red", "blue"]} placeholder="Choose colour" />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton>Save</form.SubmitButton>
      </form.AppForm>
    </form>
  );
}

describe("the form kit's SelectField", () => {
  it("shows the schema's message under the choice, then saves what was chosen", async () => {
    const saved: string[] = [];
    const user = userEvent.setup();
    render(<ColourForm onSaved={(c) => saved.push(c)} />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Colour is required")).toBeTruthy();
    const choice = screen.getByLabelText("Colour");
    expect(choice.getAttribute("aria-invalid")).toBe("true");
    expect(saved).toEqual([]);

    await user.click(choice);
    await user.click(await screen.findByRole("option", { name: "blue" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(saved).toEqual(["blue"]);
    expect(screen.queryByText("Colour is required")).toBeNull();
  });
});

function PinForm({ pending, onSent }: { pending: boolean; onSent: () => void }) {
  const form = useAppForm({ defaultValues: { pin: "" }, onSubmit: onSent });
  return (
    <form {...formProps(form)}>
      <form.AppForm>
        <form.SubmitButton pendingLabel="Saving..." pending={pending}>
          Set PIN
        </form.SubmitButton>
      </form.AppForm>
    </form>
  );
}

describe("the form kit's SubmitButton", () => {
  it("stays busy while what its submit started is pending, so the form is not sent twice", async () => {
    let sent = 0;
    const user = userEvent.setup();
    const { rerender } = render(<PinForm pending={false} onSent={() => sent++} />);
    await user.click(screen.getByRole("button", { name: "Set PIN" }));
    rerender(<PinForm pending onSent={() => sent++} />);
    const busy = screen.getByRole("button", { name: "Saving..." });
    expect(busy.hasAttribute("disabled")).toBe(true);
    await user.click(busy);
    expect(sent).toBe(1);
    rerender(<PinForm pending={false} onSent={() => sent++} />);
    expect(screen.getByRole("button", { name: "Set PIN" }).hasAttribute("disabled")).toBe(false);
  });
});

function SlowForm({ onSent }: { onSent: () => Promise<void> }) {
  const form = useAppForm({ defaultValues: { note: "" }, onSubmit: onSent });
  return (
    <form {...formProps(form)} aria-label="Note">
      <form.AppForm>
        <form.SubmitButton>Send</form.SubmitButton>
      </form.AppForm>
    </form>
  );
}

describe("formProps", () => {
  it("sends a form submitted twice before its first submit ended once, and again once that one ended", async () => {
    let sent = 0;
    let finish = () => {};
    render(
      <SlowForm
        onSent={() => {
          sent++;
          return new Promise<void>((resolve) => {
            finish = resolve;
          });
        }}
      />,
    );
    const form = screen.getByRole("form", { name: "Note" });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(sent).toBe(1));
    fireEvent.submit(form);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toBe(1);
    finish();
    await waitFor(() => expect(screen.getByRole("button", { name: "Send" }).hasAttribute("disabled")).toBe(false));
    fireEvent.submit(form);
    await waitFor(() => expect(sent).toBe(2));
  });
});
