struct V: View { let s: S
 var body: some View { Text(s.x ? "a" : "b").foregroundColor(s.y ? .red : .blue).opacity(s.z ? 1 : 0.5) } }
