import { Button, type ButtonProps } from "@chakra-ui/react";
import type { LucideIcon } from "lucide-react";

/**
 * A small button with its icon before its words ("+ Add account", "✓ Confirm"): most cards'
 * dialog triggers and rows' actions. The icon is decoration; the words (or an `aria-label`) name it.
 */
export function ButtonWithIcon({
  icon: Icon,
  children,
  ...button
}: ButtonProps & { icon: LucideIcon }) {
  return (
    <Button size="sm" {...button}>
      <Icon aria-hidden /> {children}
    </Button>
  );
}
