import { switchCommand } from "./conditions-switch";

export default switchCommand(false);
