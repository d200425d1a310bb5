/// The version of crudegen, printed by `--version`.
public enum CrudeGenVersion {
    public static let current = "0.1.0"
}
