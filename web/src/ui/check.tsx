/** A labelled checkbox (`label.check`: the box, then its text), as the forms show their yes/no options. */
import type { ComponentChildren } from "preact";

export function Check(props: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ComponentChildren;
}) {
  return (
    <label class="check">
      <input
        type="checkbox"
        name={props.name}
        checked={props.checked}
        onChange={(e) => props.onChange((e.target as HTMLInputElement).checked)}
      />
      <span>{props.children}</span>
    </label>
  );
}
