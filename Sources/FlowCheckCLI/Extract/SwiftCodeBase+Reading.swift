extension SwiftCodeBase {
  /// The types, extensions, imports and top-level code of the parsed files.
  static func read(_ files: [SwiftSyntaxDump.File]) -> SwiftCodeBase {
    var base = SwiftCodeBase(files: files)
    for (index, file) in files.enumerated() {
      for item in file.tree.children("items") {
        base.readDeclaration(item, file: index)
      }
    }
    return base
  }

  private mutating func readDeclaration(_ node: SwiftSyntaxNode, file: Int) {
    switch node.kind {
    case "import_decl":
      if case .array(let path)? = node.member("module_path"), case .string(let module)? = path.first {
        imports.insert(module)
      }
    case "class_decl", "struct_decl", "enum_decl", "protocol_decl", "protocol", "extension_decl",
      "actor_decl":
      readType(node, file: file)
    case "func_decl":
      if let method = readMethod(node, file: file) { topLevel.append(method) }
    case "top_level_code_decl":
      if let range = node.range {
        topLevel.append(
          Method(
            name: "main", labels: [], parameters: [], body: node.child("body"), isOverride: false,
            isAction: false,
            file: file, location: location(file: file, offset: range.start), start: range.start))
      }
    default: break
    }
  }

  private mutating func readType(_ node: SwiftSyntaxNode, file: Int) {
    let text = files[file].text
    let isExtension = node.kind == "extension_decl"
    let written = isExtension ? node.string("extended_type") ?? "" : node.name ?? ""
    let name = String(written.split(separator: ".").last ?? "")
    guard !name.isEmpty, let range = node.range else { return }
    var type = types[name] ?? TypeDeclaration(name: name)
    if !isExtension {
      type.location = location(file: file, offset: range.start)
      type.isProtocol = node.kind == "protocol_decl" || node.kind == "protocol"
      type.isClass = node.kind == "class_decl"
    }
    // The dump prints no inherited type names: the clause is read from the text.
    type.inherits += text.inheritance(from: range.start, before: range.end)
    for member in node.children("members") {
      switch member.kind {
      case "func_decl", "constructor_decl":
        if let method = readMethod(member, file: file) { type.methods.append(method) }
      case "pattern_binding_decl":
        type.properties += readProperties(member, file: file)
      case "var_decl":
        // A computed property: its getter is read as a method of its own.
        if let getter = member.children("accessors").first(where: { $0.member("get") != nil }),
          let range = getter.range ?? member.range, let name = member.name
        {
          let isOverride = member.children("attrs").contains { $0.kind == "override_attr" }
          let method = Method(
            name: name, labels: [], parameters: [], body: getter.child("body"), isOverride: isOverride,
            isAction: false, file: file, location: location(file: file, offset: range.start),
            start: range.start)
          if let index = type.properties.firstIndex(where: { $0.name == name }) {
            type.properties[index].getter = method
            type.properties[index].isOverride = isOverride
          } else {
            type.properties.append(
              Property(
                name: name, declaredType: nil, initializer: nil, getter: method, isOverride: isOverride,
                file: file,
                location: method.location))
          }
        } else if let name = member.name, let index = type.properties.firstIndex(where: { $0.name == name }) {
          type.properties[index].isOverride = member.children("attrs").contains { $0.kind == "override_attr" }
        }
      case "enum_case_decl":
        for element in member.children("elements") { if let name = element.name { type.cases.append(name) } }
      case "class_decl", "struct_decl", "enum_decl", "protocol_decl", "protocol":
        readType(member, file: file)
      default: break
      }
    }
    types[name] = type
  }

  private func readMethod(_ node: SwiftSyntaxNode, file: Int) -> Method? {
    guard let range = node.range else { return nil }
    let name = node.kind == "constructor_decl" ? "init" : node.name ?? ""
    let text = files[file].text
    var parameters: [(name: String, type: String?)] = []
    if let list = node.child("params"), let listRange = list.range {
      // The types are read from the text of each parameter, split at top-level commas.
      let pieces = text.text(listRange.start, listRange.end + 1).parameterPieces
      for (index, parameter) in list.children("params").enumerated() {
        let written = index < pieces.count ? pieces[index] : ""
        let type = written.firstIndex(of: ":").map { colon in
          String(
            written[written.index(after: colon)...].drop { $0 == " " || $0 == "@" }
              .prefix { SwiftSourceText.isIdentifierCharacter($0) })
        }
        parameters.append((parameter.name ?? "", type))
      }
    }
    let attributes = node.children("attrs").map(\.kind)
    return Method(
      name: name, labels: node.argumentLabels, parameters: parameters, body: node.child("body"),
      isOverride: attributes.contains("override_attr"),
      isAction: attributes.contains("ib_action_attr") || attributes.contains("ib_segue_action_attr"),
      file: file, location: location(file: file, offset: range.start), start: range.start)
  }

  private func readProperties(_ node: SwiftSyntaxNode, file: Int) -> [Property] {
    guard let range = node.range else { return [] }
    let text = files[file].text
    return node.children("pattern_entries").compactMap { entry in
      guard let pattern = entry.child("pattern") else { return nil }
      let named = pattern.kind == "pattern_typed" ? pattern.child("sub_pattern") : pattern
      guard let name = named?.name else { return nil }
      let declaredType =
        pattern.kind == "pattern_typed" ? text.declaredType(from: range.start, before: range.end) : nil
      return Property(
        name: name, declaredType: declaredType, initializer: entry.child("original_init"), getter: nil,
        isOverride: false, file: file, location: location(file: file, offset: range.start))
    }
  }
}

extension String {
  /// `(_ a: A, b: B<C, D>)` as `["_ a: A", "b: B<C, D>"]`: a parameter list's text split at
  /// the commas outside brackets.
  var parameterPieces: [String] {
    var inner = Substring(self)
    if inner.first == "(" { inner = inner.dropFirst() }
    if inner.last == ")" { inner = inner.dropLast() }
    var pieces: [String] = []
    var current = ""
    var depth = 0
    for character in inner {
      switch character {
      case "(", "<", "[": depth += 1
      case ")", ">", "]": depth -= 1
      case "," where depth == 0:
        pieces.append(current.trimmingSpaces)
        current = ""
        continue
      case "\n", "\t":
        current.append(" ")
        continue
      default: break
      }
      current.append(character)
    }
    if !current.trimmingSpaces.isEmpty { pieces.append(current.trimmingSpaces) }
    return pieces
  }
}
