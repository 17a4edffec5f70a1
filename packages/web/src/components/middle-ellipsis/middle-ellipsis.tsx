import { splitForEllipsis } from './split';
import './middle-ellipsis.css';

/**
 * A long name on one line, cut in the middle when its box is too narrow (`orders-app-KSTREAM-AGG…
 * 0000000002-changelog`): the end, where Kafka's generated names differ, stays visible. The whole name is
 * the element's text (what copy takes) and its title (what a pointer shows). Its two parts are flex items,
 * which browsers name with a space between: the link or cell around it takes the name as its aria-label.
 */
export function MiddleEllipsis({ text }: { text: string }) {
  const [head, tail] = splitForEllipsis(text);
  return (
    <span className="middle-ellipsis" title={text}>
      <span className="middle-ellipsis__head">{head}</span>
      <span className="middle-ellipsis__tail">{tail}</span>
    </span>
  );
}
